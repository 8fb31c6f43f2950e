"""The use cases of practice (issue 48): a pupil's drill and free practice, the next puzzle, an
answer read, judged and stored. Plain Python on trainer.store and trainer.puzzles: no Flask and
no SQL text, so any caller (the web app's drills and pupils areas today) runs the same steps.
What only a caller knows comes in as arguments: the school's clock and how it reads a class's
and a pupil's settings (trainer/practice/caller.py), and where the practice happens (flow.Home)."""
