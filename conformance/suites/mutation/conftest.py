"""Shared fixture for the tests of the mutation run's scripts (conformance/mutation/)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "mutation"

Load = Callable[[str], ModuleType]


def _load(name: str) -> ModuleType:
    """A script of conformance/mutation/ as a module (they import each other by bare name)."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


@pytest.fixture
def script() -> Load:
    """Load a script of conformance/mutation/ by name (``script("measure")``)."""
    return _load
