"""Regression checking for rule changes: a seeded corpus of random legal hands, traces of the
rule-relevant observables, ``pokerspec diff`` between profiles or revisions, golden traces and
the profile listing (docs/maintainers/regression.md)."""
