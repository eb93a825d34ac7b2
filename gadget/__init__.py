"""Gadget: a companion app for Codenames: Duet."""
