#!/usr/bin/env python3
"""por_product_vs_system.py — the abstract model behind docs/distributed.md,
"Partial-order reduction under OWCTY": breadth-first exploration of a
product (system x Buchi claim) with ample sets of one process whose moves
at its location are all local (invisible, independent), under the level
proviso, deciding either per PRODUCT node ('prod': the design Siegel, CAV
2019, shows unsound) or once per SYSTEM state ('sys': what
search/dist/dist_owcty.c does), against the full product ('full').

  python3 por_product_vs_system.py cex          the hand-built counterexample
  python3 por_product_vs_system.py FIRST COUNT  random systems and formulas
                                                (spin -f translates them)
Prints the cases where a reduced search's verdict differs from the full one.
Not part of ctest: a check of the argument, not of the binary."""
import random, subprocess, re, sys, itertools
from collections import deque

def parse_never(txt):
    states = {}; order = []; cur = None
    for line in txt.splitlines():
        line = line.strip()
        m = re.match(r'^(\w+):\s*(skip)?', line)
        if m and not line.startswith('::'):
            cur = m.group(1); states[cur] = []; order.append(cur)
            if m.group(2):
                states[cur].append(('1', cur))
            continue
        m = re.match(r'^::\s*(.*)\s*->\s*goto\s+(\w+)', line)
        if m and cur:
            states[cur].append((m.group(1), m.group(2)))
    def conv(c):
        c = c.replace('&&', ' and ').replace('||', ' or ').replace('!', ' not ')
        c = c.replace('true', '1').replace('false', '0')
        return compile(c, 'c', 'eval')
    trans = {s: [(conv(c), t) for c, t in states[s]] for s in states}
    init = order[0]
    acc = {s for s in states if 'accept' in s}
    return init, trans, acc

def gen_system(rng):
    np_ = rng.choice([2, 3, 3, 4])
    procs = []
    for i in range(np_):
        m = rng.choice([1, 2, 3, 4])
        locs = []
        for l in range(m):
            local = rng.random() < 0.55
            moves = []
            for k in range(rng.choice([1, 1, 2, 3])):
                tgt = rng.randrange(m)
                if local:
                    moves.append(('L', tgt, None, None))
                else:
                    guard = None
                    if rng.random() < 0.3:
                        guard = (rng.randrange(2), rng.randrange(2))
                    asg = (rng.randrange(2), rng.randrange(2)) if rng.random() < 0.8 else None
                    moves.append(('G', tgt, guard, asg))
            locs.append((local, moves))
        procs.append(locs)
    return procs

def succ_proc(procs, s, i):
    pcs, g = s
    local, moves = procs[i][pcs[i]]
    out = []
    for kind, tgt, guard, asg in moves:
        if guard and g[guard[0]] != guard[1]:
            continue
        ng = list(g)
        if asg: ng[asg[0]] = asg[1]
        np_ = list(pcs); np_[i] = tgt
        out.append((tuple(np_), tuple(ng)))
    return local, out

def full_succ(procs, s):
    out = []
    for i in range(len(procs)):
        out += succ_proc(procs, s, i)[1]
    if not out:
        out = [s]   # stutter at deadlock
    return out

def claim_succ(ba, q, s):
    init, trans, acc = ba
    env = {'p': s[1][0] == 1, 'q': s[1][1] == 1}
    return [t for c, t in trans[q] if eval(c, {}, env)]

def explore(procs, ba, mode, g0=(0, 0)):
    # mode: 'full', 'prod' (per product node), 'sys' (per system state)
    init = ((tuple([0]*len(procs)), tuple(g0)), ba[0])
    level = {init: 0}; syslevel = {init[0]: 0}; decision = {}
    edges = {}
    frontier = [init]; L = 0
    while frontier:
        nxt = []
        for n in frontier:
            s, q = n
            qs = claim_succ(ba, q, s)
            if mode == 'full':
                ssucc = full_succ(procs, s)
            elif mode == 'prod':
                ssucc = None
                for i in reversed(range(len(procs))):
                    local, out = succ_proc(procs, s, i)
                    if not local or not out: continue
                    ok = True
                    for s2 in out:
                        for q2 in qs:
                            if (s2, q2) in level and level[(s2, q2)] <= L:
                                ok = False
                    if ok: ssucc = out; break
                if ssucc is None: ssucc = full_succ(procs, s)
            else:
                if s not in decision:
                    ch = None
                    for i in reversed(range(len(procs))):
                        local, out = succ_proc(procs, s, i)
                        if not local or not out: continue
                        if all(not (s2 in syslevel and syslevel[s2] <= L) for s2 in out):
                            ch = i; break
                    decision[s] = ch
                ch = decision[s]
                ssucc = succ_proc(procs, s, ch)[1] if ch is not None else full_succ(procs, s)
            es = []
            for s2 in ssucc:
                for q2 in qs:
                    m = (s2, q2); es.append(m)
                    if m not in level:
                        level[m] = L + 1; nxt.append(m)
                        if s2 not in syslevel: syslevel[s2] = L + 1
            edges[n] = es
        frontier = nxt; L += 1
    return edges

def has_acc_cycle(edges, acc):
    # accepting node on a cycle: node reaches itself
    for a in edges:
        if a[1] not in acc: continue
        seen = set(); st = list(edges[a])
        while st:
            x = st.pop()
            if x == a: return True
            if x in seen: continue
            seen.add(x); st.extend(edges.get(x, []))
    return False


def counterexample():
    P, NP, T = (compile(c, 'c', 'eval') for c in ('p', 'not p', '1'))
    # p && <>!p (stutter-invariant), by a claim that counts stutter steps
    trans = {'init': [(P, 'x'), (P, 'y'), (P, 'q')], 'x': [(NP, 'accept')],
             'y': [(P, 'z')], 'z': [(NP, 'accept')],
             'q': [(P, 'q'), (P, 'r1')], 'r1': [(P, 'r2')], 'r2': [(NP, 'accept')],
             'accept': [(T, 'accept')]}
    ba = ('init', trans, {'accept'})
    for m in (2, 3, 4, 5):
        # pid 1 (tried first): a cycle of m local states; pid 0: p := false once
        procs = [[(False, [('G', 1, None, (0, 0))]), (False, [('G', 1, None, None)])],
                 [(True, [('L', (l + 1) % m, None, None)]) for l in range(m)]]
        v = {mode: has_acc_cycle(explore(procs, ba, mode, (1, 0)), ba[2]) for mode in ('full', 'prod', 'sys')}
        print('cycle of %d local states: accepting cycle full %s, per product node %s, per system state %s'
              % (m, v['full'], v['prod'], v['sys']))

def rand_formula(rng, d):
    if d == 0 or rng.random() < 0.25:
        return rng.choice(['p', 'q', '!p', '!q'])
    op = rng.choice(['&&', '||', 'U', 'V', '<>', '[]', '!', '[]<>', '<>[]'])
    if op in ('<>', '[]', '!', '[]<>', '<>[]'):
        return op + '(' + rand_formula(rng, d - 1) + ')'
    return '(' + rand_formula(rng, d - 1) + ') ' + op + ' (' + rand_formula(rng, d - 1) + ')'

def random_search(seed0, n):
    frng = random.Random(7)
    formulas = ['<>[]p', '[]<>p', '!([]<>p -> <>q)', '<>(p && []q)', '!(p U q)'] + \
               [rand_formula(frng, 3) for _ in range(300)]
    bas = [(f, parse_never(subprocess.run(['spin', '-f', f], capture_output=True, text=True).stdout))
           for f in formulas]
    bad = {'prod': 0, 'sys': 0}
    for seed in range(seed0, seed0 + n):
        rng = random.Random(seed)
        procs = gen_system(rng)
        f, ba = bas[rng.randrange(len(bas))]
        vf = has_acc_cycle(explore(procs, ba, 'full'), ba[2])
        for mode in ('prod', 'sys'):
            if has_acc_cycle(explore(procs, ba, mode), ba[2]) != vf:
                bad[mode] += 1
                print('differs:', mode, 'seed', seed, 'formula', f, 'procs', procs)
    print('differences:', bad)

if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == 'cex':
        counterexample()
    else:
        random_search(int(sys.argv[1]) if len(sys.argv) > 1 else 1, int(sys.argv[2]) if len(sys.argv) > 2 else 1000)
