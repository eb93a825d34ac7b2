"""The app's use cases, between the screens and the command line above and the store below."""
