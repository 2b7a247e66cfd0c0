#!/bin/sh
# Makes the virtualenv that Tests/Lottie/score.py runs in (numpy, Pillow, thorvg-python)
# and prints the path of its python, so that
#     "$(Tests/Lottie/venv.sh)" Tests/Lottie/score.py ...
# works from a clean clone. The folder is $1, by default .build/lottie-venv in the
# repository. When the folder already holds a working environment nothing is
# downloaded and the script returns at once. Needs python3 with its venv module
# and, the first time, access to PyPI.
#
# thorvg-python is pinned: the ThorVG baselines in Tests/Fixtures/Lottie (134 of 143,
# 290 of 290) were measured with thorvg-python 1.1.3 (ThorVG 1.0.4).
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$repo/.build/lottie-venv}
thorvg=thorvg-python==1.1.3

case $venv in /*) ;; *) venv=$(pwd)/$venv ;; esac
python=$venv/bin/python

if ! "$python" -c 'import numpy, PIL, thorvg_python' >/dev/null 2>&1; then
  echo "making the Lottie test virtualenv in $venv" >&2
  python3 -m venv "$venv" >&2
  "$python" -m pip install -q --disable-pip-version-check numpy pillow "$thorvg" >&2
  "$python" -c 'import numpy, PIL, thorvg_python' >&2
fi
echo "$python"
