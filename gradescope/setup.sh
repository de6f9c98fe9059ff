#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image: the grader in a venv of its own.
# The autograder zip holds this checkout, with setup.sh and run_autograder also at its top (see the README).
set -euo pipefail
python=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    apt-get install -y -qq python3.11 python3.11-venv >/dev/null   # Ubuntu 22.04 images have 3.10
    python=python3.11
fi
apt-get install -y -qq python3-venv >/dev/null 2>&1 || true
"$python" -m venv /opt/visualizer
/opt/visualizer/bin/pip install -q /autograder/source
