"""The served app's screens, one a file, each named after its address (see views/app.py)."""
