"""Inference: the opponent model (a softmax over a game's policy scores or exact values) and
weighted determinization, generic over the game contract (docs/architecture.md)."""
from solver.inference.model import OpponentModel, load_temperatures, policy_ranks, softmax
from solver.inference.weighted import (
                                       BOT_INFERENCE_MODES,
                                       DEFAULT_PARTICLES,
                                       INFERENCE_MODES,
                                       WeightedWorlds,
                                       bot_inference,
                                       check_inference,
                                       resample,
                                       sample_worlds,
                                       weigh_worlds,
)

__all__ = ["OpponentModel", "load_temperatures", "policy_ranks", "softmax", "BOT_INFERENCE_MODES",
           "DEFAULT_PARTICLES", "INFERENCE_MODES", "WeightedWorlds", "bot_inference",
           "check_inference", "resample", "sample_worlds", "weigh_worlds"]
