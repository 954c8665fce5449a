"""Tribes' economy, a module a phase: labour, extraction, refinement and construction, herds,
consumption, population, knowledge and ages, on the fixed-point flows and stores."""
