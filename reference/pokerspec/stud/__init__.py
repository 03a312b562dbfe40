"""Seven-card stud (spec/stud/): the reference engine, ``GAME``, and its rule profiles."""

from __future__ import annotations

from pokerspec.stud.engine import StudGame

GAME = StudGame()

__all__ = ["GAME", "StudGame"]
