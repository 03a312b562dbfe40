"""Poker Hand History (PHH): replay, export and import real hands (docs/examples/real-hands.md).

``pokerspec.phh.report.replay_file`` replays a seven-card stud record through the reference
engine, ``pokerspec.phh.export`` writes cases and traces as PHH, ``pokerspec.phh.importer`` turns a
record into a conformance case; ``pokerspec phh`` is the command for all three.
"""
