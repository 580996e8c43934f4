"""jax.monitoring's duration listeners, as the hook uses them."""
_duration_listeners = []


def register_event_duration_secs_listener(fn):
    _duration_listeners.append(fn)


def unregister_event_duration_listener(fn):
    _duration_listeners.remove(fn)


def record_event_duration_secs(event, duration, **kwargs):
    for fn in list(_duration_listeners):
        fn(event, duration, **kwargs)
