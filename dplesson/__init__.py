"""dplesson: the small, tested package behind a multilingual lesson on differential privacy."""

from dplesson.calibration import laplace_calibration
from dplesson.composition import basic_composition
from dplesson.density import laplace_log_density

__all__ = ["basic_composition", "laplace_calibration", "laplace_log_density"]
