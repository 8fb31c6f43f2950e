"""Sign-in with a school's OpenID Connect providers (issue 25): the administrator's provider
page, the Authlib flow, and what a teacher's or pupil's first sign-in links (docs/deploy.md)."""
