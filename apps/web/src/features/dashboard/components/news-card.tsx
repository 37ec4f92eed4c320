import { formatDate, NOTIFICATION_MESSAGES, type NewsItem } from '@odontia/shared';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useNews } from '../api/get-news';

function NewsItem({ noticia, onOpen }: { noticia: NewsItem; onOpen: (button: HTMLButtonElement) => void }) {
  const titleId = useId();
  return (
    <li className="flex flex-col gap-1 border-b pb-3 last:border-b-0 last:pb-0">
      <h3 id={titleId} className="font-medium">
        {noticia.titulo}
      </h3>
      <time className="text-muted-foreground text-xs" dateTime={noticia.fecha}>
        {formatDate(noticia.fecha)}
      </time>
      <p className="text-sm">{noticia.resumen}</p>
      <Button
        variant="link"
        className="h-auto self-start p-0"
        onClick={(event) => onOpen(event.currentTarget)}
        aria-describedby={titleId}
      >
        Leer más
      </Button>
    </li>
  );
}

/** 'Noticias de la comunidad': titulo, fecha, resumen, and 'Leer más' opening the whole item. */
export function NewsCard() {
  const noticias = useNews();
  // The item stays while the dialog closes (its animation still shows it).
  const [reading, setReading] = useState<NewsItem | null>(null);
  const [open, setOpen] = useState(false);
  // The dialog has no trigger of its own: focus goes back to the 'Leer más' that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const items = noticias.data?.noticias ?? [];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id={titleId}>Noticias de la comunidad</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {noticias.isPending ? (
          <Spinner label="Cargando noticias" />
        ) : noticias.isError ? (
          <p className="text-sm" role="alert">
            {errorMessage(noticias.error, 'No se pudieron cargar las noticias')}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{NOTIFICATION_MESSAGES.emptyNews}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((noticia) => (
              <NewsItem
                key={noticia.id}
                noticia={noticia}
                onOpen={(button) => {
                  opener.current = button;
                  setReading(noticia);
                  setOpen(true);
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="sm:max-w-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          {reading ? (
            <>
              <DialogHeader>
                <DialogTitle>{reading.titulo}</DialogTitle>
                <DialogDescription>
                  <time dateTime={reading.fecha}>{formatDate(reading.fecha)}</time>
                </DialogDescription>
              </DialogHeader>
              <div className="flex flex-col gap-3 text-sm leading-relaxed">
                {reading.contenido
                  .split(/\n\s*\n/)
                  .filter((paragraph) => paragraph.trim())
                  .map((paragraph, index) => (
                    <p key={index}>{paragraph.trim()}</p>
                  ))}
              </div>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
