"""The measurements behind Scripts/bench. Every whole-process figure is a median of
alternating runs of the tools on the same input; memory is the peak resident set size that
the kernel reports for the process (wait4): the largest of the runs and, in brackets, their
median (the first run of a new build asks ICU what it remembers from then on)."""
import os, pty, random, select, statistics, subprocess, sys, tempfile, time

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 21
# The pipes' runs: more than the one-shots' share, since a pipe's median is what a floor is
# checked against and the machine's speed drifts between runs.
PIPE_RUNS = max(5, RUNS // 2)
CAMBIO = os.path.abspath(".build/release/cambio")
BENCH = os.path.abspath(".build/release/cambio-bench")
# Another build of cambio to measure in the same run (CAMBIO_BENCH_BASELINE=DIR with its
# release products), so that a change is compared with what it changes, not with last week.
BASELINE_DIR = os.environ.get("CAMBIO_BENCH_BASELINE")
BASELINE = os.path.join(BASELINE_DIR, "cambio") if BASELINE_DIR else None
MEASURE = os.path.abspath(".build/measure")
HOME = tempfile.mkdtemp(prefix="cambio-bench-")
ENV = dict(os.environ, HOME=HOME, LANG="de_DE.UTF-8", LC_ALL="", CAMBIO_OFFLINE="1", NO_COLOR="1")
ENV.pop("XDG_CONFIG_HOME", None); ENV.pop("XDG_STATE_HOME", None); ENV.pop("XDG_CACHE_HOME", None)
# Currencies that GNU units, qalc and Cambio all know.
CODES = ["EUR", "USD", "GBP", "JPY", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD", "AUD", "NZD", "TRY", "INR"]


# The baseline has a home of its own: the locale facts cached in a home are stamped by the
# binary that wrote them, so two builds sharing one would each recompute them every run.
BASELINE_HOME = tempfile.mkdtemp(prefix="cambio-bench-baseline-")
BASELINE_ENV = dict(ENV, HOME=BASELINE_HOME)


def run(args, stdin=None):
    """Runs a command through the small C program `measure` (posix_spawn and wait4), so that
    neither Python's start of a process nor its memory is counted; returns (seconds, peak KiB)."""
    environment = BASELINE_ENV if BASELINE and args and args[0] == BASELINE else ENV
    result = subprocess.run([MEASURE, stdin or "-"] + args, env=environment, check=True, capture_output=True, text=True)
    seconds, kib = result.stdout.split()
    return float(seconds), int(kib)


def alternate(commands, runs=RUNS, inputs=None):
    """Runs each command `runs` times, interleaved, each with its own input file if given;
    returns {name: (median s, max KiB)}."""
    inputs = inputs or {}
    times = {name: [] for name in commands}
    memory = {name: [] for name in commands}
    for _ in range(runs):
        for name, args in commands.items():
            seconds, kib = run(args, stdin=inputs.get(name))
            times[name].append(seconds)
            memory[name].append(kib)
    # (median seconds, largest peak KiB, median peak KiB)
    return {name: (statistics.median(times[name]), max(memory[name]), statistics.median(memory[name])) for name in commands}


def write_cache(home, days_old):
    """A currency-api cache as a fetch would leave it: the seed's rates, dated `days_old`
    days ago (0: today, a warm cache that is not due)."""
    import datetime, json
    seed = json.load(open("Resources/seed-rates.json", encoding="utf-8"))
    when = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=days_old)
    rates = ",\n".join(f'    "{code}": {rate}' for code, rate in sorted(seed["rates"].items()))
    directory = os.path.join(home, ".cache", "cambio")
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "rates-currency-api.json"), "w", encoding="utf-8") as cache:
        cache.write("{\n  \"format\": 1,\n  \"provider\": \"currency-api\",\n"
                    f'  "attribution": "{seed["attribution"]}",\n  "base": "EUR",\n'
                    f'  "date": "{when:%Y-%m-%d}",\n  "updated": null,\n'
                    f'  "fetched": "{when:%Y-%m-%dT%H:%M:%SZ}",\n  "rates": {{\n{rates}\n  }}\n}}\n')


def silent_provider():
    """A provider on loopback that accepts connections and never answers."""
    import socket, threading
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    held = []
    def accept():
        while True:
            held.append(server.accept()[0])
    threading.Thread(target=accept, daemon=True).start()
    return f"http://127.0.0.1:{server.getsockname()[1]}"


def first_prompt(runs=RUNS, environment=None):
    """Milliseconds from start to the prompt on a pseudo-terminal."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(CAMBIO, [CAMBIO], dict(environment or ENV, TERM="xterm"))
        seen = b""
        while "›".encode() not in seen:
            ready, _, _ = select.select([fd], [], [], 5)
            if not ready:
                break
            seen += os.read(fd, 4096)
        samples.append(time.perf_counter() - start)
        os.write(fd, b"quit\r")
        os.waitpid(pid, 0)
        os.close(fd)
    return statistics.median(samples)


def pipe_inputs(lines):
    rng = random.Random(20261130)
    cambio = tempfile.NamedTemporaryFile("w", delete=False, suffix=".cambio")
    units = tempfile.NamedTemporaryFile("w", delete=False, suffix=".units")
    for _ in range(lines):
        amount = rng.randrange(1, 10_000_000) / 100
        a, b = rng.sample(CODES, 2)
        cambio.write(f"{amount:.2f}".replace(".", ",") + f" {a.lower()} in {b.lower()}\n")
        units.write(f"{amount:.2f} {a}\n{b}\n")
    cambio.close()
    units.close()
    return cambio.name, units.name


# Currencies the ECB has quoted on every day since 1999.
ECB_CODES = ["EUR", "USD", "JPY", "GBP", "CHF", "SEK", "NOK", "DKK", "CZK", "HUF", "PLN", "AUD", "CAD", "NZD", "HKD", "SGD", "KRW", "ZAR"]


def dated_input(lines):
    """Conversions on random calendar days from 1999-01-04 to the bundled history's last day
    (weekends and holidays among them), random pairs of the ECB's currencies; de_DE amounts."""
    import datetime
    rng = random.Random(20261203)
    first, last = datetime.date(1999, 1, 4), datetime.date(2026, 10, 30)
    path = tempfile.NamedTemporaryFile("w", delete=False, suffix=".dated")
    for _ in range(lines):
        day = first + datetime.timedelta(days=rng.randrange((last - first).days + 1))
        a, b = rng.sample(ECB_CODES, 2)
        path.write(f"{rng.randrange(1, 100_000)},{rng.randrange(0, 100):02d} {a.lower()} in {b.lower()} on {day.isoformat()}\n")
    path.close()
    return path.name


def csv_input(rows):
    """A German bank export of `rows` rows: `;`, decimal comma with grouping, dates as
    DD.MM.YYYY on random days since 1999 (weekends and holidays among them), a text column with
    a quoted `;` now and then, the ECB's currencies; the same seed every run."""
    import datetime
    rng = random.Random(20261201)
    first, last = datetime.date(1999, 1, 4), datetime.date(2026, 10, 30)
    path = tempfile.NamedTemporaryFile("w", delete=False, suffix=".csv")
    path.write("Buchungstag;Verwendungszweck;Betrag;Währung\n")
    for index in range(rows):
        day = first + datetime.timedelta(days=rng.randrange((last - first).days + 1))
        amount = f"{rng.randrange(1, 100_000):,}".replace(",", ".") + f",{rng.randrange(0, 100):02d}"
        text = f'"Rechnung {index}; Kunde"' if index % 7 == 0 else f"Beleg {index}"
        path.write(f"{day:%d.%m.%Y};{text};{'-' if index % 3 else ''}{amount};{rng.choice(ECB_CODES)}\n")
    path.close()
    return path.name


def average_input(lines):
    """Conversions with the average of a random month from 1999-01 to 2026-09, random pairs of
    the ECB's currencies."""
    rng = random.Random(20261204)
    path = tempfile.NamedTemporaryFile("w", delete=False, suffix=".average")
    for _ in range(lines):
        month = rng.randrange(27 * 12 + 9)
        a, b = rng.sample(ECB_CODES, 2)
        path.write(f"{rng.randrange(1, 100_000)},{rng.randrange(0, 100):02d} {a.lower()} in {b.lower()} average {1999 + month // 12}-{1 + month % 12:02d}\n")
    path.close()
    return path.name


def natural_input(lines):
    """Lines as people write them in de_DE: symbols before and after, names, several targets,
    grouping, plurals; the same seed every run."""
    rng = random.Random(20261201)
    forms = [
        "{a} € in $", "€{a} in usd", "{a} eur in usd, gbp", "{a} japanischer yen in chf", "£{a} in jpy",
        "{a} eur in usd und gbp", "{a} dollars in eur", "{a} schweizer franken in €",
    ]
    natural = tempfile.NamedTemporaryFile("w", delete=False, suffix=".natural")
    for _ in range(lines):
        whole = rng.randrange(1, 10_000_000)
        grouped = f"{whole:,}".replace(",", ".")
        natural.write(rng.choice(forms).format(a=f"{grouped},{rng.randrange(0, 100):02d}") + "\n")
    natural.close()
    return natural.name


def distinct_input(lines):
    """Lines no two alike, as people write them in de_DE: several targets joined by , and und,
    a sum of a code and a symbol into a name, the symbol before the amount, products, names;
    random currencies and amounts, so almost every line is one not seen before and is read by
    the parser."""
    rng = random.Random(20261205)
    names = ["japanese yen", "schweizer franken", "us-dollar", "dänische krone", "türkische lira"]
    symbols = ["€", "$", "£", "¥"]
    path = tempfile.NamedTemporaryFile("w", delete=False, suffix=".distinct")
    for _ in range(lines):
        a, b, c, d = (code.lower() for code in rng.sample(CODES, 4))
        whole = rng.randrange(1, 10_000_000)
        amount = f"{whole:,}".replace(",", ".") + f",{rng.randrange(0, 100):02d}"
        form = rng.randrange(6)
        if form == 0:
            line = f"{amount} {a} in {b}, {c} und {d}"
        elif form == 1:
            line = f"{amount} {a} + {rng.randrange(1, 1000)} {rng.choice(symbols)} in {rng.choice(names)}"
        elif form == 2:
            line = f"{rng.choice(symbols)}{amount} in {b}, {c}"
        elif form == 3:
            line = f"{rng.randrange(2, 13)} × {amount} {a} in {b} und {c}"
        elif form == 4:
            line = f"{amount} {rng.choice(names)} in {b}, {c}"
        else:
            line = f"{amount} {a} in {b} und {c}"
        path.write(line + "\n")
    path.close()
    return path.name


def targets_input(lines):
    """`AMOUNT CUR in CUR, CUR, CUR` with random currencies: almost every line a new list."""
    rng = random.Random(20261206)
    path = tempfile.NamedTemporaryFile("w", delete=False, suffix=".targets")
    for _ in range(lines):
        a, b, c, d = (code.lower() for code in rng.sample(CODES, 4))
        path.write(f"{rng.randrange(1, 100_000)},{rng.randrange(0, 100):02d} {a} in {b}, {c}, {d}\n")
    path.close()
    return path.name


def expression_input(lines):
    """Calculations as people write them in de_DE: products, mixed-currency sums, percentages,
    parentheses, several targets; the same seed every run."""
    rng = random.Random(20261202)
    forms = [
        "3 × {a} eur in usd", "{a} eur + {b} usd in gbp", "({a} + {b}) × 2 eur", "{a} eur + 15 %", "15 % von {a} eur",
        "{a} eur × 3 in usd und gbp", "{a} € − {b} $", "{a} × 12 eur in chf", "{a} usd / 4 in eur", "2 × ({a} eur in usd)",
    ]

    def amount():
        whole = rng.randrange(1, 1_000_000)
        return f"{whole:,}".replace(",", ".") + f",{rng.randrange(0, 100):02d}"

    path = tempfile.NamedTemporaryFile("w", delete=False, suffix=".expressions")
    for _ in range(lines):
        path.write(rng.choice(forms).format(a=amount(), b=amount()) + "\n")
    path.close()
    return path.name


def main():
    print(f"machine: {os.cpu_count()} cores, {os.uname().machine}, {os.uname().release}; runs: {RUNS}")
    rows = []
    write_cache(HOME, 0)
    write_cache(BASELINE_HOME, 0)
    one = alternate({
        "cambio": [CAMBIO, "12,50", "eur", "in", "usd"],
        "units": ["units", "-t", "12.5 EUR", "USD"],
        "qalc": ["qalc", "-t", "12.5 EUR to USD"],
        **({"baseline": [BASELINE, "12,50", "eur", "in", "usd"]} if BASELINE else {}),
    })
    rows.append(("one-shot 12,50 eur in usd", one))
    # A dated conversion (the bundled ECB history) and a 27-year chart, beside the plain one-shot.
    dated = alternate({
        "plain": [CAMBIO, "12,50", "eur", "in", "usd"],
        "dated": [CAMBIO, "12,50", "eur", "in", "usd", "on", "2020-03-15"],
        "legacy": [CAMBIO, "100", "dem", "in", "usd", "on", "15.03.2001"],
        "chart": [CAMBIO, "chart", "eur", "usd", "all"],
        **({"baseline dated": [BASELINE, "12,50", "eur", "in", "usd", "on", "2020-03-15"],
            "baseline chart": [BASELINE, "chart", "eur", "usd", "all"]} if BASELINE else {}),
    })
    prompt = first_prompt()
    # A two-day-old cache and a provider that never answers: a refresh starts at once, in the
    # background, and must not delay the prompt.
    stale_home = tempfile.mkdtemp(prefix="cambio-bench-stale-")
    write_cache(stale_home, 2)
    stale = dict(ENV, HOME=stale_home, CAMBIO_PROVIDER_URL=silent_provider(), CAMBIO_PROVIDER="currency-api")
    stale.pop("CAMBIO_OFFLINE")
    prompt_refreshing = first_prompt(environment=stale)

    lines = 100_000
    cambio_input, units_input = pipe_inputs(lines)
    # The same conversions; units reads them in its own two-line form.
    pipe = alternate(
        {"cambio": [CAMBIO], "units": ["units", "-t"], **({"baseline": [BASELINE]} if BASELINE else {})}, runs=PIPE_RUNS,
        inputs={"cambio": cambio_input, "units": units_input, "baseline": cambio_input})
    qalc_lines = 200
    qalc_input = tempfile.NamedTemporaryFile("w", delete=False)
    with open(cambio_input) as source:
        for index, line in enumerate(source):
            if index >= qalc_lines:
                break
            amount, a, _, b = line.split()
            qalc_input.write(f"{amount.replace(',', '.')} {a.upper()} to {b.upper()}\n")
    qalc_input.close()
    qalc = alternate({"qalc": ["qalc", "-t", "-f", qalc_input.name]}, runs=3)
    natural_path = natural_input(lines)
    both = {"cambio": [CAMBIO], **({"baseline": [BASELINE]} if BASELINE else {})}
    natural = alternate(both, runs=PIPE_RUNS, inputs={"cambio": natural_path, "baseline": natural_path})
    expression_path = expression_input(lines)
    expressions = alternate(both, runs=PIPE_RUNS, inputs={"cambio": expression_path, "baseline": expression_path})
    distinct_path = distinct_input(lines)
    distinct = alternate(both, runs=PIPE_RUNS, inputs={"cambio": distinct_path, "baseline": distinct_path})
    targets_path = targets_input(lines)
    several = alternate(both, runs=PIPE_RUNS, inputs={"cambio": targets_path, "baseline": targets_path})
    dated_path = dated_input(lines)
    dated_pipe = alternate(both, runs=PIPE_RUNS, inputs={"cambio": dated_path, "baseline": dated_path})
    average_path = average_input(lines)
    averages = alternate(both, runs=PIPE_RUNS, inputs={"cambio": average_path, "baseline": average_path})
    csv_path = csv_input(lines)
    table = alternate({"cambio": [CAMBIO, "--input", "csv", "-", "--to", "usd"]}, runs=PIPE_RUNS, inputs={"cambio": csv_path})
    # A million rows (about 47 MB): the table streams, so its peak stays within a few MiB.
    million_rows = 1_000_000
    million_path = csv_input(million_rows)
    million = alternate({"cambio": [CAMBIO, "--input", "csv", "-", "--to", "usd"]}, runs=3, inputs={"cambio": million_path})
    os.unlink(million_path)
    for path in (cambio_input, units_input, qalc_input.name, natural_path, expression_path, dated_path, average_path, distinct_path, targets_path, csv_path):
        os.unlink(path)

    print()
    print("| measurement | cambio | GNU units | qalc | cambio / units |")
    print("|---|---:|---:|---:|---:|")
    c, u, q = one["cambio"], one["units"], one["qalc"]
    print(f"| one-shot conversion (warm cache), wall | {c[0]*1000:.1f} ms | {u[0]*1000:.1f} ms | {q[0]*1000:.1f} ms | {c[0]/u[0]:.2f} |")
    print(f"| one-shot conversion, peak memory: largest (median) | {c[1]/1024:.1f} ({c[2]/1024:.1f}) MiB | {u[1]/1024:.1f} ({u[2]/1024:.1f}) MiB | {q[1]/1024:.1f} ({q[2]/1024:.1f}) MiB | {c[1]/u[1]:.2f} |")
    print(f"| one-shot, same run as the dated ones | {dated['plain'][0]*1000:.1f} ms | — | — | — |")
    print(f"| dated one-shot (12,50 eur in usd on 2020-03-15) | {dated['dated'][0]*1000:.1f} ms ({dated['dated'][1]/1024:.1f} MiB) | — | — | — |")
    print(f"| legacy currency, dated (100 dem in usd on 15.03.2001) | {dated['legacy'][0]*1000:.1f} ms | — | — | — |")
    print(f"| 27-year chart (chart eur usd all), whole process | {dated['chart'][0]*1000:.1f} ms ({dated['chart'][1]/1024:.1f} MiB) | — | — | — |")
    print(f"| first prompt (pseudo-terminal) | {prompt*1000:.1f} ms | — | — | — |")
    print(f"| first prompt, refresh due, provider never answers | {prompt_refreshing*1000:.1f} ms | — | — | — |")
    cl = lines / pipe["cambio"][0]
    ul = lines / pipe["units"][0]
    ql = qalc_lines / qalc["qalc"][0]
    print(f"| {lines:,}-line pipe, de_DE | {pipe['cambio'][0]*1000:.0f} ms ({cl:,.0f} lines/s, {pipe['cambio'][1]/1024:.1f} ({pipe['cambio'][2]/1024:.1f}) MiB) | {pipe['units'][0]*1000:.0f} ms ({ul:,.0f} lines/s) | {ql:,.0f} lines/s ({qalc_lines} lines) | {ul/cl:.2f} (time: {cl/ul:.1f}× the lines/s) |")
    nl = lines / natural["cambio"][0]
    print(f"| {lines:,} natural lines (symbols, names, several targets, grouping), de_DE | {natural['cambio'][0]*1000:.0f} ms ({nl:,.0f} lines/s, {natural['cambio'][1]/1024:.1f} ({natural['cambio'][2]/1024:.1f}) MiB) | — | — | — |")
    el = lines / expressions["cambio"][0]
    print(f"| {lines:,} calculation lines (products, sums of currencies, percentages), de_DE | {expressions['cambio'][0]*1000:.0f} ms ({el:,.0f} lines/s, {expressions['cambio'][1]/1024:.1f} ({expressions['cambio'][2]/1024:.1f}) MiB) | — | — | — |")
    xl = lines / distinct["cambio"][0]
    print(f"| {lines:,} distinct natural lines (no two alike), de_DE | {distinct['cambio'][0]*1000:.0f} ms ({xl:,.0f} lines/s, peak {distinct['cambio'][1]/1024:.1f} ({distinct['cambio'][2]/1024:.1f}) MiB) | — | — | {xl/ul:.2f}× units' lines/s |")
    tl = lines / several["cambio"][0]
    print(f"| {lines:,} lines of random three-target lists, de_DE | {several['cambio'][0]*1000:.0f} ms ({tl:,.0f} lines/s, peak {several['cambio'][1]/1024:.1f} ({several['cambio'][2]/1024:.1f}) MiB) | — | — | {tl/ul:.2f}× units' lines/s |")
    dl = lines / dated_pipe["cambio"][0]
    print(f"| {lines:,} dated lines, random days since 1999 and pairs, de_DE | {dated_pipe['cambio'][0]*1000:.0f} ms ({dl:,.0f} lines/s, peak {dated_pipe['cambio'][1]/1024:.1f} ({dated_pipe['cambio'][2]/1024:.1f}) MiB) | — | — | {dl/ul:.1f}× units' lines/s |")
    al = lines / averages["cambio"][0]
    print(f"| {lines:,} lines averaging random months, de_DE | {averages['cambio'][0]*1000:.0f} ms ({al:,.0f} lines/s, peak {averages['cambio'][1]/1024:.1f} ({averages['cambio'][2]/1024:.1f}) MiB) | — | — | — |")
    rl = lines / table["cambio"][0]
    print(f"| {lines:,}-row bank export (CSV, de_DE) at each row's date, into USD | {table['cambio'][0]*1000:.0f} ms ({rl:,.0f} rows/s, peak {table['cambio'][1]/1024:.1f} ({table['cambio'][2]/1024:.1f}) MiB) | — | — | {rl/ul:.1f}× units' lines/s |")
    ml = million_rows / million["cambio"][0]
    print(f"| {million_rows:,}-row bank export (CSV, de_DE), into USD | {million['cambio'][0]*1000:.0f} ms ({ml:,.0f} rows/s, peak {million['cambio'][1]/1024:.1f} ({million['cambio'][2]/1024:.1f}) MiB) | — | — | — |")
    print(f"| dated one-shot / plain one-shot (same run) | {dated['dated'][0]/dated['plain'][0]:.2f} | — | — | — |")
    if BASELINE:
        print()
        print(f"The same rows for the baseline ({BASELINE_DIR}), in this run:")
        print()
        print("| measurement | this build | baseline | this / baseline |")
        print("|---|---:|---:|---:|")
        for name, mine, theirs in [
            ("one-shot conversion", one["cambio"], one["baseline"]), ("dated one-shot", dated["dated"], dated["baseline dated"]),
            ("27-year chart", dated["chart"], dated["baseline chart"]), ("100,000-line pipe", pipe["cambio"], pipe["baseline"]),
            ("100,000 natural lines", natural["cambio"], natural["baseline"]), ("100,000 calculation lines", expressions["cambio"], expressions["baseline"]),
            ("100,000 dated lines", dated_pipe["cambio"], dated_pipe["baseline"]),
            ("100,000 distinct lines", distinct["cambio"], distinct["baseline"]), ("100,000 three-target lists", several["cambio"], several["baseline"]), ("100,000 monthly averages", averages["cambio"], averages["baseline"]),
        ]:
            print(f"| {name} | {mine[0]*1000:.1f} ms ({mine[1]/1024:.1f} MiB) | {theirs[0]*1000:.1f} ms ({theirs[1]/1024:.1f} MiB) | {mine[0]/theirs[0]:.2f} |")
    print()
    print("In process (cambio-bench):")
    sys.stdout.flush()
    subprocess.run([BENCH], check=True)
    if BASELINE_DIR and os.path.exists(os.path.join(BASELINE_DIR, "cambio-bench")):
        print()
        print("In process, the baseline:")
        sys.stdout.flush()
        subprocess.run([os.path.join(BASELINE_DIR, "cambio-bench")], check=True)


if __name__ == "__main__":
    main()
