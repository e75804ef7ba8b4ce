"""A build stopped at any moment (Ctrl-C, a termination signal, a kill) leaves nothing
behind: no process of its own (workers, the fork server, multiprocessing's resource
tracker), no temporary folder, no staging file in its output folder, and no traceback."""
import os
import random
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from vcompiler.util import workers

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")

TRIALS = 20
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)


def _marked(marker: str) -> list[int]:
    """The processes whose environment holds `marker`: the build and all it started."""
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if marker.encode() in environ.read_bytes():
                found.append(int(environ.parent.name))
        except OSError:
            continue
    return found


def _gone(marker: str, seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := _marked(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    from vcompiler.scaffold import new_pack
    folder = tmp_path_factory.mktemp("starter") / "starter"
    new_pack("vanguard", folder)
    return folder


def test_a_build_stopped_at_twenty_random_moments_leaves_nothing(starter, tmp_path):
    rng = random.Random(29)
    problems = []
    for trial in range(TRIALS):
        temp = tmp_path / f"tmp{trial}"
        out = tmp_path / f"out{trial}"
        temp.mkdir()
        marker = f"VCOMPILER_LEFTOVER_PROBE={uuid.uuid4().hex}"
        name, value = marker.split("=")
        env = {**os.environ, "TMPDIR": str(temp), name: value, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen([sys.executable, "-m", "vcompiler", "build", str(starter), "-o", str(out),
                                    "--no-cache"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        how = SIGNALS[trial % len(SIGNALS)]
        # Moments from start-up to the books being laid out by the workers.
        time.sleep(rng.uniform(0.3, 3.0))
        process.send_signal(how)
        _, stderr = process.communicate(timeout=60)
        left = _gone(marker, 10)
        if left:
            problems.append(f"trial {trial} ({how.name}): processes {left} outlived the build")
            for pid in left:
                os.kill(pid, signal.SIGKILL)
        if b"Traceback" in stderr:
            problems.append(f"trial {trial} ({how.name}): {stderr.decode(errors='replace')[-600:]}")
        if how == signal.SIGKILL:
            # Nothing could run in the build: the next command removes what it left.
            workers.remove_stale(temp, re.escape(workers._SCRATCH_PREFIX) + r"(?P<pid>\d+)-.*")
        leftovers = [str(p.relative_to(temp)) for p in temp.iterdir()]
        if leftovers:
            problems.append(f"trial {trial} ({how.name}): left in the temporary folder: {leftovers}")
        staging = [str(p) for p in out.rglob(".*")] if out.exists() else []
        if staging:
            problems.append(f"trial {trial} ({how.name}): left in the output folder: {staging}")
    assert problems == [], "\n".join(problems)


def test_a_build_killed_while_its_workers_lay_out_leaves_nothing_without_the_death_signal(starter, tmp_path):
    """The lifeline alone (the kernel's death signal turned off) ends the render pool's
    fork server, its workers and the resource tracker once the build is killed."""
    import shutil
    import tempfile
    temp = tempfile.mkdtemp(prefix="vl")         # short: the fork server's socket lives there
    marker = f"VCOMPILER_LEFTOVER_PROBE={uuid.uuid4().hex}"
    name, value = marker.split("=")
    env = {**os.environ, "TMPDIR": temp, name: value, "PYTHONPATH": str(ROOT), workers._NO_DEATH_SIGNAL: "1"}
    process = subprocess.Popen([sys.executable, "-m", "vcompiler", "build", str(starter), "-o", str(tmp_path / "out"),
                                "--no-cache"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    # The build, the resource tracker, the fork server and at least one worker.
    while len(_marked(marker)) < 4 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert process.poll() is None, process.communicate()[1].decode(errors="replace")[-600:]
    process.kill()
    process.wait()
    left = _gone(marker, 5)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    shutil.rmtree(temp, ignore_errors=True)
    assert left == []
