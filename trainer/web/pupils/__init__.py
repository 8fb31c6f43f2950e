"""Pupils' side of logging in and their own page: join code, name, picture password
(picture_login, templates pupil/) and the pupil's home (home, templates pupil/)."""
