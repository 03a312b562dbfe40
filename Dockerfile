# pokerspec in a container, for engines that run in one. Build it from a clone (the suite is the
# clone's: `docker build -t pokerspec:1.0.0 .`), then either
#   - add your engine to it:  FROM pokerspec:1.0.0 / COPY my-engine /engine /
#     CMD ["conformance", "run", "--impl", "exec:/engine", "--require", "hand:stud"]
#   - or grade an engine image from outside, over its stdin and stdout:
#     pokerspec conformance run --impl "exec:docker run -i --rm my-engine:latest"
FROM python:3.11-slim
COPY . /tmp/pokerspec
RUN python -m pip install --no-cache-dir --disable-pip-version-check /tmp/pokerspec \
    && rm -rf /tmp/pokerspec \
    && useradd --create-home --uid 10001 pokerspec
USER 10001
WORKDIR /home/pokerspec
ENTRYPOINT ["pokerspec"]
CMD ["--version"]
