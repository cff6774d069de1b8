#!/bin/sh
# A fork bomb: under the task cap its forks fail, the limits end it, and nothing it
# started survives the run. (Run only where the judge has a task cap: see tests/hostile.rs.)
bomb() { bomb | bomb; }
bomb
