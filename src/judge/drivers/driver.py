# LeetCode-style driver: what LeetCode adds around a Python 3 submission.
import sys
import json
import bisect, collections, functools, heapq, itertools, math, operator, random, re, string
from typing import *
from collections import *
from functools import *
from itertools import *
from heapq import *
from bisect import *
from math import *

path = sys.argv[1]
namespace = dict(globals())
with open(path) as submission:
    exec(compile(submission.read(), path, "exec"), namespace)
Solution = namespace["Solution"]

answers = []
try:
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        stones = json.loads(line.split("=", 1)[1] if line.startswith("stones") else line)
        # LeetCode serialises the return value as the declared bool: truthy is true.
        answers.append("true" if Solution().stoneGameIX(stones) else "false")
finally:
    # Answers given before a crash still count: the judge pins the crash on the next case.
    sys.stdout.write("".join(answer + "\n" for answer in answers))
