"""The mission map and campaign progress, pure and standard library only (built on the engine)."""
