"""The TWEAK engine: pure Python, no Flask or SQL. Rule numbers refer to ../shared/RULES.md."""
