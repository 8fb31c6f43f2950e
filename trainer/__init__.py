"""TWEAK Trainer: a mental-arithmetic trainer built on the card game TWEAK."""
