"""What every area of the web app stands on: configuration hooks, headers and CSP, CSRF, htmx,
languages, the security log, who is logged in and what they own, the school's clock, daily
housekeeping, CSV downloads, card faces, and the pages of nobody in particular (home, how to
play, error pages: templates pages/, howto/, errors/, cards/)."""
