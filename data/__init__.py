"""Hand-authored world inputs (straits, ports, currents, ...). Each file says where its figures
come from. A package only so the files ship inside the wheel."""

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent
