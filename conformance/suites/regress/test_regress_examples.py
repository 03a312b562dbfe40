"""The maintainer page's samples of ``pokerspec diff`` are the commands' output today
(``pokerspec.regress.examples``), made on scratch copies that read today's values."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokerspec.regress.examples import PAGE, SAMPLES, Sample, blocks, output

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_the_sample_is_what_the_command_prints(sample: Sample) -> None:
    page = (ROOT / PAGE).read_text(encoding="utf-8")
    start, end = blocks(page)[sample.name]
    assert page[start:end] == output(ROOT, sample), (
        f"{PAGE}: sample {sample.name} has drifted; run python -m pokerspec.regress.examples --write")
