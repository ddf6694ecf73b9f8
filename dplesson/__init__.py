"""dplesson: the small, tested package behind a multilingual lesson on differential privacy."""

from dplesson.attacks import differencing_attack
from dplesson.calibration import laplace_calibration
from dplesson.composition import basic_composition
from dplesson.density import laplace_log_density
from dplesson.gradients import clip_gradients, dp_sgd_step
from dplesson.histograms import (
    histogram_2d,
    k_anonymize,
    postprocess_histogram,
    release_histogram,
    release_histogram_exact,
    synthetic_points,
)
from dplesson.ledger import (
    BudgetExceededError,
    BudgetLedger,
    averaging_attack,
    split_budget,
    split_budget_weighted,
    split_variance,
)
from dplesson.mechanisms import (
    exponential_mechanism,
    exponential_mechanism_probabilities,
    gaussian_sigma,
)
from dplesson.sampling import (
    bernoulli_exp,
    discrete_laplace,
    discrete_laplace_samples,
    discrete_laplace_variance,
    discrete_support_gap,
    expected_absolute_error,
    gaussian_noise,
    laplace_noise,
    laplace_release,
    laplace_variance,
    release_count,
    support_gap,
)
from dplesson.sensitivity import (
    brute_force_sensitivity,
    closed_form_sensitivity,
    median_witness,
    reference_query,
)

__all__ = [
    "BudgetExceededError",
    "BudgetLedger",
    "averaging_attack",
    "basic_composition",
    "bernoulli_exp",
    "brute_force_sensitivity",
    "clip_gradients",
    "closed_form_sensitivity",
    "differencing_attack",
    "discrete_laplace",
    "discrete_laplace_samples",
    "discrete_laplace_variance",
    "discrete_support_gap",
    "dp_sgd_step",
    "expected_absolute_error",
    "exponential_mechanism",
    "exponential_mechanism_probabilities",
    "gaussian_noise",
    "gaussian_sigma",
    "histogram_2d",
    "k_anonymize",
    "laplace_calibration",
    "laplace_log_density",
    "laplace_noise",
    "laplace_release",
    "laplace_variance",
    "median_witness",
    "postprocess_histogram",
    "reference_query",
    "release_count",
    "release_histogram",
    "release_histogram_exact",
    "split_budget",
    "split_budget_weighted",
    "split_variance",
    "support_gap",
    "synthetic_points",
]
