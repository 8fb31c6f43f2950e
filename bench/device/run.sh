#!/usr/bin/env bash
# What one school takes on a 16-core machine (issue 50), in one go on a bare machine with
# Python 3.12 and no network: installs the project from the wheelhouse (make_wheelhouse.sh,
# built beforehand on a machine with network), then
#   1. bench/load_test.py, 300 and 700 drilling pupils, `trainer serve --workers 4`;
#   2. the same at --workers 14;
#   3. bench/class_play.py, 30 tables of 4 + 180 drillers at --workers 14, push then poll;
# each in a time box, the whole under 13 minutes. Results under $OUT (default
# bench/results/device): each bench's JSON and Markdown, its log, machine.txt, summary.md.
#
#     bench/device/run.sh            # the full run (about 7 minutes; time boxes 13)
#     bench/device/run.sh --quick    # a dry run: 1 and 2 workers, 20 pupils, 2 tables, 10 s each (a few minutes)
#
# Each bench runs with a scratch folder of its own (TMPDIR); whatever it left running when its
# box closes (its server, gunicorn's workers, the live channel) is found by that folder in its
# command line and ended by process group id.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
HERE=bench/device
WHEELS=$HERE/wheels
VENV=${VENV:-$HERE/venv}
OUT=${OUT:-bench/results/device}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
STARTED=$(date +%s)
SUMMARY=${OUT}/summary.md

say() { echo "[$(($(date +%s) - STARTED)) s] $*" | tee -a "${OUT}/run.log" >&2; }

# ---------------------------------------------------------------- install, offline
PY=
for candidate in ${PYTHON312:-} python3.12 python3; do
    if "$candidate" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null; then PY=$candidate; break; fi
done
[ -n "$PY" ] || { say "needs Python 3.12 (the wheelhouse is for cp312); set PYTHON312"; exit 2; }
ls "$WHEELS"/pip-*.whl >/dev/null 2>&1 || { say "no wheelhouse in $WHEELS: run bench/device/make_wheelhouse.sh first"; exit 2; }

if ! "$VENV/bin/python" -c 'import trainer, icu' 2>/dev/null; then
    say "installing from $WHEELS (no index)"
    rm -rf "$VENV"
    # Without pip: a bare Debian or Ubuntu Python may have no ensurepip. pip runs from its wheel.
    "$PY" -m venv --without-pip "$VENV" || { say "python -m venv failed"; exit 2; }
    pip_wheel=$(ls "$WHEELS"/pip-*.whl | head -1)
    timeout 90 "$VENV/bin/python" "$pip_wheel/pip" install --quiet --no-index --find-links "$WHEELS" pip setuptools ||
        { say "pip from the wheelhouse failed"; exit 2; }
    timeout 90 "$VENV/bin/python" -m pip install --quiet --no-index --find-links "$WHEELS" --no-build-isolation -e . ||
        { say "installing the project from the wheelhouse failed"; exit 2; }
fi
BIN=$VENV/bin
{
    echo "date: $(date -u +%FT%TZ)"
    echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
    echo "cores: $(nproc)"
    grep -m1 'model name' /proc/cpuinfo
    free -g | sed -n 2p
    uname -srm
    "$BIN/python" -c 'import sys, sqlite3, icu; print("python", sys.version.split()[0], "sqlite", sqlite3.sqlite_version, "icu", icu.ICU_VERSION)'
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"${OUT}/machine.txt" 2>&1
say "installed; $(nproc) cores"

# ---------------------------------------------------------------- the benches
if [ $QUICK = 1 ]; then
    LEVELS=20 SECONDS_EACH=10 PLAY_SECONDS=10 W_SMALL=1 W_LARGE=2 TABLES=2 DRILLERS=4 BOX_LOAD=150 BOX_PLAY=200
else
    # Expected: about 100 s for each load test (two levels of 6 s warm-up + 30 s window, the
    # logins, the answers' check) and 190 s for class play (push, then poll, 8 + 60 s each);
    # the boxes are what the whole may not pass: 90 (install) + 190 + 190 + 300 s < 13 min.
    LEVELS=300,700 SECONDS_EACH=30 PLAY_SECONDS=60 W_SMALL=4 W_LARGE=14 TABLES=30 DRILLERS=180 BOX_LOAD=190 BOX_PLAY=300
fi

# bench NAME BOX COMMAND...: runs COMMAND in its own scratch folder for at most BOX seconds
# (SIGINT first, so the bench's own cleanup stops its server; SIGKILL 15 s later), keeps its
# stdout, log and JSON under $OUT, and ends what it left running.
bench() {
    local name=$1 box=$2 json=$3
    shift 3
    local scratch
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/tweak-device-$name-XXXX")
    say "$name: $* (at most $box s)"
    rm -f "$ROOT/bench/results/$json.json"
    TMPDIR=$scratch timeout --signal=INT --kill-after=15 "$box" "$BIN/python" "$@" >"${OUT}/$name.md" 2>"${OUT}/$name.log"
    local status=$?
    [ -f "$ROOT/bench/results/$json.json" ] && mv "$ROOT/bench/results/$json.json" "${OUT}/$name.json"
    local left
    # The pattern from a file, so that grep's own command line does not match.
    left=$(grep -lsF -f <(echo "$scratch") /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3)
    if [ -n "$left" ]; then
        # Their process groups: the server's (gunicorn's master, its workers, the live channel).
        local groups
        groups=$(for pid in $left; do sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f3; done | sort -u)
        say "$name: ending what it left running: processes $(echo $left), groups $(echo $groups)"
        for group in $groups; do kill -KILL -- "-$group" 2>/dev/null; done
    fi
    rm -rf "$scratch"
    say "$name: exit status $status$([ $status = 124 ] && echo ' (its time box closed)')"
    {
        echo "## $name (exit status $status)"
        echo
        echo '```'
        echo "$*"
        echo '```'
        echo
        cat "${OUT}/$name.md"
        echo
    } >>"$SUMMARY"
}

CLIENTS=$(( $(nproc) >= 16 ? 2 : 1 ))
echo "# bench/device/run.sh on $(nproc) cores$([ $QUICK = 1 ] && echo ', --quick (a dry run)')" >"$SUMMARY"
echo >>"$SUMMARY"
sed 's/^/    /' "${OUT}/machine.txt" >>"$SUMMARY"
echo >>"$SUMMARY"

bench "load-w$W_SMALL" "$BOX_LOAD" load bench/load_test.py --levels "$LEVELS" --seconds "$SECONDS_EACH" \
    --workers "$W_SMALL" --threads 8 --client-processes "$CLIENTS"
bench "load-w$W_LARGE" "$BOX_LOAD" load bench/load_test.py --levels "$LEVELS" --seconds "$SECONDS_EACH" \
    --workers "$W_LARGE" --threads 8 --client-processes "$CLIENTS"
bench "class-play-w$W_LARGE" "$BOX_PLAY" class_play bench/class_play.py --tables "$TABLES" --drillers "$DRILLERS" \
    --seconds "$PLAY_SECONDS" --workers "$W_LARGE" --threads 8

say "done in $(($(date +%s) - STARTED)) s"
echo "whole run: $(($(date +%s) - STARTED)) s" >>"$SUMMARY"
