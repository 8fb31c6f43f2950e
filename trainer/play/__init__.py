"""Use-case rules of play that every process needs alike (issue 46): plain Python, no Flask, no
SQL, so the web app and the live channel (trainer.push) call the very same code."""
