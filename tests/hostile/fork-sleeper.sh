#!/bin/sh
# Leaves a sleeping child behind and answers: AC, and the child is killed.
sleep 3173 &
exec "$SOLUTION"
