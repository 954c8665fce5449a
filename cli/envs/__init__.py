"""`privateer envs`: the learning environments (privateer.envs), measured."""
