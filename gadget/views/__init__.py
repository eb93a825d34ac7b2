"""The Flet screens: the only package that imports Flet."""
