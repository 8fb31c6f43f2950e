"""Home and family (issue 37): the page for parents, opened by a personal link with no account
(`parent_page`), and the teacher's printed home letters that hand the link
out, with renewing and switching links off (`home_letters`).
Templates: `templates/parents/`. docs/pupils.md "Home letters and the parent page";
docs/security.md "The parent page"."""
