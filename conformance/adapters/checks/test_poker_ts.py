"""poker-ts's findings (docs/engines/poker-ts.md), each confirmed against the installed
library by the check the page prints (its own API, no adapter): fails when the library's
version or output changes."""

from __future__ import annotations

import pytest
from pokerspec.compliance.findings import Known
from pokerspec.compliance.run import confirm, findings_of


@pytest.mark.parametrize("known", findings_of("poker-ts"), ids=lambda k: k.check.script)
def test_poker_ts_finding_holds(known: Known) -> None:
    confirm(known)
