import { Button, CloseButton, Group, Paper, Text, Title } from '@mantine/core';
import { type TourKind, TourText, tourSteps } from '@portico/contracts/tours/tours';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { usePutTourState } from '../api/put-tour-state';
import { type Box, isOnScreen, tourCardPosition } from '../utils/tour-position';

type PortalTourProps = { kind: TourKind; onClose: () => void };

const CARD_WIDTH = 340;

function viewportSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

function targetBox(target: string | null): Box | null {
  if (!target) return null;
  const element = document.querySelector(`[data-tour="${target}"]`);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  const box = { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
  return isOnScreen(box, viewportSize()) ? box : null;
}

// A short guided tour: a labelled, non-modal dialog beside each step's target. Focus moves into it and
// back where it was on close; Escape closes it, the arrow keys step through it. Closing it at any step
// (or finishing it) marks it seen on the server.
export function PortalTour({ kind, onClose }: PortalTourProps) {
  const steps = tourSteps[kind];
  const [index, setIndex] = useState(0);
  // Mid-screen until measured: never hidden, so focus can move into it at once.
  const [position, setPosition] = useState(() =>
    tourCardPosition(null, { width: CARD_WIDTH, height: 200 }, viewportSize()),
  );
  const [highlight, setHighlight] = useState<Box | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const putTourState = usePutTourState();
  const step = steps[index];
  const isLast = index === steps.length - 1;

  // Focus returns to where it was when the tour opened.
  useEffect(() => {
    const previous = document.activeElement;
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  useLayoutEffect(() => {
    if (!step) return;
    function place() {
      const box = targetBox(step?.target ?? null);
      const card = cardRef.current;
      const size = { width: card?.offsetWidth ?? CARD_WIDTH, height: card?.offsetHeight ?? 200 };
      setHighlight(box);
      setPosition(tourCardPosition(box, size, viewportSize()));
    }
    place();
    // Each step announces itself by moving focus to its title.
    titleRef.current?.focus();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [step]);

  // Escape closes it from anywhere on the page, unless something else (a menu, a modal) took it.
  useEffect(() => {
    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      putTourState.mutate({ tour: kind, seen: true });
      onClose();
    }
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [kind, onClose, putTourState.mutate]);

  if (!step) return null;

  function close() {
    putTourState.mutate({ tour: kind, seen: true });
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Closed here; the page-wide listener sees it handled.
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowRight' && !isLast) {
      setIndex(index + 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      setIndex(index - 1);
    }
  }

  return createPortal(
    <>
      {highlight && (
        <div
          aria-hidden
          data-testid="tour-highlight"
          style={{
            position: 'fixed',
            top: highlight.top - 4,
            left: highlight.left - 4,
            width: highlight.width + 8,
            height: highlight.height + 8,
            border: '3px solid var(--mantine-primary-color-filled)',
            borderRadius: 8,
            pointerEvents: 'none',
            zIndex: 400,
          }}
        />
      )}
      <Paper
        ref={cardRef}
        role="dialog"
        aria-modal={false}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        aria-roledescription={TourText.DialogLabel}
        onKeyDown={onKeyDown}
        shadow="xl"
        withBorder
        p="md"
        radius="md"
        style={{
          position: 'fixed',
          top: position.top,
          left: position.left,
          width: `min(${CARD_WIDTH}px, calc(100vw - 32px))`,
          zIndex: 401,
          borderTop: '4px solid var(--mantine-primary-color-filled)',
        }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={titleId} ref={titleRef} tabIndex={-1} key={index}>
            {step.title}
          </Title>
          <CloseButton aria-label={TourText.Close} onClick={close} />
        </Group>
        <Text size="sm" mt="xs" id={bodyId}>
          {step.body}
        </Text>
        <Group justify="space-between" mt="md" wrap="nowrap">
          <Text size="xs" c="dimmed" aria-live="polite">
            {TourText.stepOf(index + 1, steps.length)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {index > 0 && (
              <Button variant="default" size="xs" onClick={() => setIndex(index - 1)}>
                {TourText.Back}
              </Button>
            )}
            {isLast ? (
              <Button size="xs" onClick={close}>
                {TourText.Done}
              </Button>
            ) : (
              <Button size="xs" onClick={() => setIndex(index + 1)}>
                {TourText.Next}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </>,
    document.body,
  );
}
