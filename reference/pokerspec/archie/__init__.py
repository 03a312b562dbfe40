"""Archie, BARGE rules, two-player training table (spec/archie/).

Modules follow the chapter: ``table`` (01), ``deal`` (02), ``betting`` (03), ``showdown``
(04), ``qualifiers`` (05), ``award`` (06), ``profiles`` (07); ``engine`` ties them together.
"""

from pokerspec.archie.engine import GAME, ArchieGame, ArchieState
from pokerspec.archie.table import ArchieRules, NoQualifier

__all__ = ["GAME", "ArchieGame", "ArchieRules", "ArchieState", "NoQualifier"]
