"""Gadget as a static site: the app on each phone, Python in the browser, no server."""
