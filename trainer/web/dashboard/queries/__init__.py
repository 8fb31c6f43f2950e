"""The SQL only the dashboard reads: summaries of attempts per pupil and day, the class
overview, a pupil's progress, the attempt log and game reviews."""
