"""Serving the app to phones: Flet's ASGI app under uvicorn, its HTTP addresses, TLS, the
database opened, and each WebSocket's budget (above the screens, below the command line)."""
