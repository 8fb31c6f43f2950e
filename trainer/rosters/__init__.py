"""OneRoster CSV rosters (issue 25 item 4): reading a bulk file and planning an import.

Pure like puzzles/games: no Flask, no SQL. The store applies a plan (trainer.store.rosters),
the web shows it (trainer.web.rosters).
"""
