"""Daily drills and practice (issue 5, docs/drills.md): the teacher's drill settings and
uploads (teacher_views, templates drills/), the pupil's puzzles (pupil_views, templates
practice/) and the flow, answers, feedback and screen behind them."""
