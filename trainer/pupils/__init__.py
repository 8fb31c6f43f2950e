"""The pupil's rewards (issue 15), pure: the avatars a child may pick (avatars) and the stars
and badges counted from what the child did (rewards). Only effort and progress earn anything:
no spending, nothing compared with classmates. Fluency levels are trainer.puzzles.levels."""
