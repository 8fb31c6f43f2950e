#!/usr/bin/env bash
# `make test` must leave the work tree as it found it (issue 44.5): before the suite, note what
# git sees (changed, new and deleted files, with their contents); after it, compare. A developer's
# own uncommitted work is fine, as long as the suite did not change it.
set -euo pipefail
cd "$(dirname "$0")/.."
state=".pytest_cache/tree-state"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "not a git work tree: tree check skipped"; exit 0; }
snapshot() {
    git status --porcelain=v1 --untracked-files=all
    git diff
    git ls-files --others --exclude-standard -z | xargs -0 -r sha1sum
}
case "${1:-}" in
    before)
        mkdir -p .pytest_cache
        snapshot | sha1sum > "$state"
        ;;
    after)
        if [ "$(snapshot | sha1sum)" != "$(cat "$state")" ]; then
            echo "make test changed the work tree (tests must write outside it; docs/screens: make screens):" >&2
            git status --short >&2
            exit 1
        fi
        echo "the work tree is as the suite found it"
        ;;
    *) echo "usage: $0 before|after" >&2; exit 2 ;;
esac
