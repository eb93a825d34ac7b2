"""Printable paper: mission maps, play-by-paper booklets and key cards (reportlab)."""
