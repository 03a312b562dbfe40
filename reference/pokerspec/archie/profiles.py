"""Archie rule profiles (spec/archie/07-profiles.md): BARGE, the default, and the Pagat delta."""

from __future__ import annotations

from pokerspec.archie.table import ArchieRules, NoQualifier
from pokerspec.core.cards import Rank
from pokerspec.core.types import RuleId
from pokerspec.profiles import Profile

BARGE = ArchieRules()
PAGAT = ArchieRules(high_pair=Rank(9), no_qualifier=NoQualifier.EQUAL_SPLIT)
"""High needs a pair of nines (``archie.pagat.high``); with no qualifier the players at the
showdown share the pot equally (``archie.pagat.nobody``)."""

PROFILES: tuple[Profile[ArchieRules], ...] = (
    Profile("archie-barge", "archie", BARGE,
            "BARGE: pair of sixes for high; nobody qualifies -> best ordinary high scoops", default=True),
    Profile("archie-pagat", "archie", PAGAT,
            "Pagat: pair of nines for high; nobody qualifies -> equal split at showdown",
            changes=(RuleId("archie.qualify.high"), RuleId("archie.award.nobody"))),
)
