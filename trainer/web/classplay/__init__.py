"""Class play (issue 16): classmates at one TWEAK table, each on their own tablet, and the
teacher watching the class's tables. `views` (the pupils' lobby and table, moves),
`watch` (the teacher's page), `tournament` and `tournament_panel` (the class tournament), `board` (what each seat may see, R9), `forms`, `words`.
Templates: templates/classplay/. Live by short polling: docs/class-play.md.
"""
