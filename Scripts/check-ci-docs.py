#!/usr/bin/env python3
"""Checks the CI examples in docs/CI.md as a CI service would run them.

Each YAML block is validated against its service's schema as check-jsonschema vendors it
(SchemaStore's github-workflows and gitlab-ci), then its jobs are run in order on a fresh clone of
this repository: every `run:` step and `script:` line in bash, matrix values and GitLab's node
index filled in, artifacts handed from job to job as the services hand them (`uses:` steps of
checkout, upload-artifact and download-artifact are done here; the install step is skipped when
--bin gives scrollrender). The suite's goldens are recorded first, as a team commits them.

Two passes over the GitHub workflow: as recorded (every job passes), and with the fling changed
(its shard and the merge fail, the annotation and the job summary name the change, and the approve
command the log prints turns the next run green). One pass over the GitLab job.

Usage: check-ci-docs.py [--bin PATH]   (default: build with Scripts/install.sh's build)
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blocks(markdown):
    """The ```yaml blocks of docs/CI.md: (github, gitlab)."""
    found = re.findall(r"```yaml\n(.*?)```", markdown, re.S)
    github = [b for b in found if "jobs:" in b and "runs-on:" in b]
    gitlab = [b for b in found if "parallel:" in b]
    if len(github) != 1 or len(gitlab) != 1:
        sys.exit(f"check-ci-docs: docs/CI.md must hold one GitHub workflow and one GitLab job, found {len(github)} and {len(gitlab)}")
    return github[0], gitlab[0]


def validate(text, schema, work):
    path = os.path.join(work, schema + ".yml")
    with open(path, "w") as f:
        f.write(text)
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor." + schema, path], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check-ci-docs: docs/CI.md's {schema} example does not validate:\n{result.stdout}{result.stderr}")
    print(f"check-ci-docs: {schema}: valid against check-jsonschema's vendored schema")


def run_lines(lines, cwd, env, label):
    """Runs each line in bash; returns the first failing status, or 0."""
    for line in lines:
        if line.strip() == "Scripts/install.sh":
            print(f"  {label}: $ {line}   (skipped: scrollrender is given)")
            continue
        print(f"  {label}: $ {line}")
        result = subprocess.run(["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True)
        sys.stdout.write("".join("    " + l + "\n" for l in (result.stdout + result.stderr).splitlines()[-12:]))
        if result.returncode != 0:
            return result.returncode
    return 0


def fill(text, values):
    return re.sub(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", lambda m: str(values[m.group(1)]), text)


def run_github(workflow, clone, work, env):
    """Every job of `workflow`, in order, each matrix entry in its own copy of `clone`; returns
    {job: [statuses]}, the summary texts and the log of every step."""
    artifacts = os.path.join(work, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    statuses, summaries = {}, []
    for name, job in workflow["jobs"].items():
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        entries = [dict(zip(matrix, values)) for values in zip(*matrix.values())] if matrix else [{}]
        for values in entries:
            label = name + ("-" + "-".join(map(str, values.values())) if values else "")
            folder = os.path.join(work, label)
            shutil.copytree(clone, folder, symlinks=True)
            summary = os.path.join(work, label + ".summary.md")
            job_env = dict(env, **{k: str(v) for k, v in (workflow.get("env") or {}).items()},
                           GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=summary)
            status = 0
            for step in job["steps"]:
                if status != 0 and "always()" not in str(step.get("if", "")):
                    continue
                uses, options = step.get("uses", ""), {k: fill(str(v), values) for k, v in (step.get("with") or {}).items()}
                if "run" in step:
                    status = run_lines([fill(step["run"], values)], folder, job_env, label) or status
                elif uses.startswith("actions/upload-artifact"):
                    source = os.path.join(folder, options["path"])
                    if os.path.exists(source):
                        shutil.copytree(source, os.path.join(artifacts, options["name"]), symlinks=True)
                elif uses.startswith("actions/download-artifact"):
                    for found in glob.glob(os.path.join(artifacts, options.get("pattern", "*"))):
                        shutil.copytree(found, os.path.join(folder, os.path.basename(found)), symlinks=True)
            statuses.setdefault(name, []).append(status)
            if os.path.exists(summary):
                summaries.append(open(summary).read())
    return statuses, summaries, os.path.join(work, "report")


def run_gitlab(pipeline, clone, work, env):
    statuses = {}
    for name, job in pipeline.items():
        count = int(job.get("parallel", 1))
        for index in range(1, count + 1):
            folder = os.path.join(work, f"{name}-{index}")
            shutil.copytree(clone, folder, symlinks=True)
            for earlier in glob.glob(os.path.join(work, "*", "report-*")):
                target = os.path.join(folder, os.path.basename(earlier))
                if not os.path.exists(target):
                    shutil.copytree(earlier, target, symlinks=True)
            job_env = dict(env, CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(count))
            statuses.setdefault(name, []).append(run_lines(job["script"], folder, job_env, f"{name} {index}/{count}"))
    return statuses


def expect(condition, what):
    if not condition:
        sys.exit(f"check-ci-docs: FAILED: {what}")
    print(f"check-ci-docs: ok: {what}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", help="the scrollrender binary to run (default: build one)")
    args = parser.parse_args()
    binary = args.bin
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "scrollrender"], cwd=ROOT, check=True)
        binary = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                             capture_output=True, text=True).stdout.strip(), "scrollrender")
    github_text, gitlab_text = blocks(open(os.path.join(ROOT, "docs/CI.md")).read())
    with tempfile.TemporaryDirectory(prefix="check-ci-docs-") as work:
        validate(github_text, "github-workflows", work)
        validate(gitlab_text, "gitlab-ci", work)
        tools = os.path.join(work, "bin")
        os.makedirs(tools)
        os.symlink(os.path.abspath(binary), os.path.join(tools, "scrollrender"))
        env = dict(os.environ, PATH=tools + os.pathsep + os.environ["PATH"])
        env.pop("CI", None)
        clone = os.path.join(work, "clone")
        subprocess.run(["git", "clone", "-q", ROOT, clone], check=True)
        workflow = yaml.safe_load(github_text)
        suite, picture = workflow["env"]["SUITE"], workflow["env"]["PICTURE"]
        # The goldens a team commits.
        subprocess.run(["scrollrender", "test", suite, "--picture", picture, "--record", "missing"], cwd=clone, env=env,
                       check=True, capture_output=True)

        statuses, summaries, _ = run_github(workflow, clone, os.path.join(work, "github-1"), env)
        expect(all(s == 0 for job in statuses.values() for s in job), f"GitHub workflow as recorded: every job passes {statuses}")
        expect(any("passed: " in s for s in summaries), "the merge job's summary says the suite passed")

        fling = os.path.join(clone, suite, "fling.json")
        text = open(fling).read()
        assert '"fling": 800' in text, "Examples/fling.json must fling at 800"
        open(fling, "w").write(text.replace('"fling": 800', '"fling": 820'))
        second = os.path.join(work, "github-2")
        statuses, summaries, report = run_github(workflow, clone, second, env)
        expect(sorted(statuses["scroll"]) == [0, 1] and statuses["report"] == [1], f"fling changed: one shard and the merge fail {statuses}")
        merged = "\n".join(summaries)
        expect("fling 800 → 820 pt/s" in merged and "scrollrender approve report" in merged,
               "the job summary names the change and the approve command")
        folder = os.path.join(second, "report")
        approve = subprocess.run(["scrollrender", "approve", "report"], cwd=folder, env=env, capture_output=True, text=True)
        again = subprocess.run(["scrollrender", "test", suite, "--picture", picture], cwd=folder, env=env, capture_output=True, text=True)
        expect(approve.returncode == 0 and again.returncode == 0, "scrollrender approve report turns the next run green")

        pipeline = yaml.safe_load(gitlab_text)
        open(fling, "w").write(text)
        statuses = run_gitlab(pipeline, clone, os.path.join(work, "gitlab"), env)
        expect(all(s == 0 for job in statuses.values() for s in job), f"GitLab job as recorded: every job passes {statuses}")
    print("check-ci-docs: docs/CI.md's workflows validate and run")


if __name__ == "__main__":
    main()
