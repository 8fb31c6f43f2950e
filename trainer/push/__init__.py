"""The live channel (issue 36.1): a small async process beside the web app's workers that
tells every subscribed tablet and projector "table T is now at version V" by server-sent
events. It reads the school's file (trainer.store.live_tables) and never writes it; the
tablets fetch their own seat's view from the web app as before, so R9 and every page stay
there. `tokens` is what the web app and this process share; `hub` the watcher; `server`
the Starlette app and its command line (`python -m trainer.push`, started by `trainer serve`).
docs/class-play.md ("Push") says why and what it measured."""
