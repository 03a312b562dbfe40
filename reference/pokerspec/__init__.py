"""pokerspec: the reference implementation of the pokerspec rules (see spec/)."""

__version__ = "1.0.0"
