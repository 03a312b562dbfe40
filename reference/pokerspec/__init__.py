"""pokerspec: the reference implementation of the pokerspec rules (see spec/)."""

__version__ = "0.1.0"
