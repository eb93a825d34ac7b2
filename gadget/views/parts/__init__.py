"""The parts both apps draw, the served one and the static site: the site may import these
and nothing else of views (an import contract says so)."""
