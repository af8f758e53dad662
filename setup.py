"""Build script for trickhound's Cython core.

Every ``.pyx`` file under ``solver/`` is compiled (``CYTHON_MODULES`` finds them), so a new
module cannot be left out of the wheel. The compiler directives live here and nowhere else.

Environment switches:
  TRICKHOUND_DEBUG=1    turn bounds checks, wraparound and None checks back on (slower; for
                        hunting memory errors).
  TRICKHOUND_ONLY=text  build only the modules whose dotted name contains ``text`` (a quick
                        rebuild while working on one engine; never set it for an install).
  TRICKHOUND_PORTABLE=1 no instructions beyond popcnt (build on one machine, run on another);
                        by default BMI2 is used where the building CPU has a fast pdep.
"""
import glob
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup


def _cython_modules() -> list[str]:
    """Every .pyx under solver/, as dotted module names: a new module is built (and shipped)
    without being listed anywhere."""
    root = os.path.dirname(os.path.abspath(__file__))
    found = []
    for path in glob.glob(os.path.join(root, "solver", "**", "*.pyx"), recursive=True):
        rel = os.path.relpath(path, root)
        found.append(rel[: -len(".pyx")].replace(os.sep, "."))
    return sorted(found)


CYTHON_MODULES = _cython_modules()

DEBUG = os.environ.get("TRICKHOUND_DEBUG", "") not in ("", "0")

COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "nonecheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

CFLAGS = ["-O0", "-g"] if DEBUG else ["-O3"]
# Card sets are bit masks and popcount is in every hot loop: without -mpopcnt gcc calls a
# software routine (measured 9% of a Mate (Vic Village) rollout). Every x86-64 CPU since 2008
# has the instruction; other architectures get their native one from -O3 alone.
if platform.machine().lower() in ("x86_64", "amd64") and os.name != "nt":
    CFLAGS.append("-mpopcnt")


def fast_pdep() -> bool:
    """Whether the CPU building us has a fast BMI2 pdep: Intel since Haswell, AMD since Zen 3
    (family 0x19; earlier AMD chips microcode it, ~100x slower than the portable select).
    solver/cards.pxd then picks a card with one instruction: ISMCTS on Vic Village +25%.
    The extensions are built on the machine that runs them (pip install from source); set
    TRICKHOUND_PORTABLE=1 to build for another machine."""
    if os.environ.get("TRICKHOUND_PORTABLE") or DEBUG:
        return False
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read().split("\n\n")[0]
    except OSError:
        return False
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    fields = {k.strip(): v.strip() for k, v in fields.items()}
    if "bmi2" not in fields.get("flags", "").split():
        return False
    vendor, family = fields.get("vendor_id", ""), int(fields.get("cpu family", "0") or 0)
    return vendor == "GenuineIntel" or (vendor == "AuthenticAMD" and family >= 0x19)


if "-mpopcnt" in CFLAGS and fast_pdep():      # x86-64 only
    CFLAGS.append("-mbmi2")


def extensions() -> list[Extension]:
    """The extension modules to build (all, or those TRICKHOUND_ONLY names)."""
    only = os.environ.get("TRICKHOUND_ONLY", "")
    names = [m for m in CYTHON_MODULES if only in m]
    return [
        Extension(name, [name.replace(".", "/") + ".pyx"], extra_compile_args=CFLAGS)
        for name in names
    ]


setup(
    ext_modules=cythonize(
        extensions(),
        compiler_directives=COMPILER_DIRECTIVES,
        nthreads=int(os.environ.get("TRICKHOUND_BUILD_JOBS", "0")) or None,
    ),
)
